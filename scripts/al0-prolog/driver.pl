% Harness (h21g, issue 21): Bratko's AL0 program (al0.pl, unchanged) plays
% the 200 KRK starts of BenchmarkAL0Games against the tablebase's defender
% (data.pl: reply(Key, Square) for every KRK position with Black to move).
% playmove/playgame as the book's, without the display and with Black's
% move looked up instead of read.
:- style_check(-singleton).
:- style_check(-discontiguous).
:- consult(al0).
:- consult(data).

bkey(b..Wx:Wy..Rx:Ry..Bx:By.._, K) :-
    K is (((((Wx*10+Wy)*10+Rx)*10+Ry)*10+Bx)*10+By).

g(Pos, _, N, limit, N) :- N >= 300, !.
g(Pos, _, N, mate, N) :- end_of_game(Pos), !.
g(Pos, FT, N, Out, Plies) :-
    ( pm(Pos, FT, Pos1, FT1) -> N1 is N+1, g(Pos1, FT1, N1, Out, Plies)
    ; Out = stuck, Plies = N ).

pm(Pos, Move .. FTree1, Pos1, FTree1) :-
    side(Pos, w), legalmove(Pos, Move, Pos1), !.
pm(Pos, FTree, Pos1, FTree1) :-
    side(Pos, b), !,
    bkey(Pos, K), reply(K, B1),
    bk(Pos, B), Move = B-B1,
    legalmove(Pos, Move, Pos1),
    subtree(FTree, Move, FTree1), !.
pm(Pos, nil, Pos1, FTree1) :-
    side(Pos, w), resetdepth(Pos, Pos0),
    strategy(Pos0, FTree), !,
    pm(Pos0, FTree, Pos1, FTree1).
